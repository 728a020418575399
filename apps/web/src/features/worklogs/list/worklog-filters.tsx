import { ListFilterIcon, SearchIcon, XIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { cn } from '../../../lib/cn';
import { projectLabel, type WorklogLookups } from '../shared/use-worklog-lookups';
import { type WorklogFilters as Filters, hasWorklogFilters } from '../utils/worklogs-search';

/** How long typing pauses before the search runs: each letter would otherwise be a request. */
export const SEARCH_DEBOUNCE_MS = 300;

const fieldClassName = 'grid gap-1 text-xs font-medium text-muted-foreground';

interface WorklogFiltersProps {
  filters: Filters;
  lookups: WorklogLookups;
  onChange: (patch: Partial<Filters>) => void;
}

/** The list's filters: project, category, client, range and text; every choice lands in the URL. */
export function WorklogFilters({ filters, lookups, onChange }: WorklogFiltersProps) {
  const id = useId();
  const [text, setText] = useState(filters.q ?? '');
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const lastSent = useRef(filters.q);
  // On a phone the filters other than the search fold away until asked for.
  const [isOpen, setIsOpen] = useState(false);
  const narrowingCount = [
    filters.projectId,
    filters.categoryId,
    filters.client,
    filters.from,
    filters.to,
  ].filter((value) => value !== undefined).length;

  // A search changed elsewhere (a link, Back) shows in the box.
  useEffect(() => {
    if (filters.q !== lastSent.current) {
      lastSent.current = filters.q;
      setText(filters.q ?? '');
    }
  }, [filters.q]);

  useEffect(() => {
    const q = text.trim() || undefined;
    if (q === lastSent.current) return;
    const timer = window.setTimeout(() => {
      lastSent.current = q;
      onChangeRef.current({ q });
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);

  return (
    <fieldset className="grid gap-3">
      <legend className="sr-only">Filters</legend>
      <Button
        variant="outline"
        size="sm"
        className="justify-self-start md:hidden"
        aria-expanded={isOpen}
        aria-controls={`${id}-filters`}
        onClick={() => setIsOpen((open) => !open)}
      >
        <ListFilterIcon aria-hidden />
        Filters{narrowingCount > 0 ? ` (${narrowingCount})` : ''}
      </Button>
      <div
        id={`${id}-filters`}
        className={cn('grid-cols-2 gap-3 md:grid md:grid-cols-3 2xl:grid-cols-6', isOpen ? 'grid' : 'hidden')}
      >
        <label className={fieldClassName} htmlFor={`${id}-project`}>
          Project
          <NativeSelect
            id={`${id}-project`}
            className="w-full"
            value={filters.projectId ?? ''}
            onChange={(event) => onChange({ projectId: event.target.value || undefined })}
          >
            <option value="">All projects</option>
            {lookups.projects.map((project) => (
              <option key={project.id} value={project.id}>
                {projectLabel(project)}
                {project.endedAt ? ' (ended)' : ''}
              </option>
            ))}
          </NativeSelect>
        </label>
        <label className={fieldClassName} htmlFor={`${id}-category`}>
          Category
          <NativeSelect
            id={`${id}-category`}
            className="w-full"
            value={filters.categoryId ?? ''}
            onChange={(event) => onChange({ categoryId: event.target.value || undefined })}
          >
            <option value="">All categories</option>
            {lookups.categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </NativeSelect>
        </label>
        <label className={fieldClassName} htmlFor={`${id}-client`}>
          Client
          <NativeSelect
            id={`${id}-client`}
            className="w-full"
            value={filters.client ?? ''}
            onChange={(event) => onChange({ client: event.target.value || undefined })}
          >
            <option value="">All clients</option>
            {lookups.clients.map((client) => (
              <option key={client} value={client}>
                {client}
              </option>
            ))}
          </NativeSelect>
        </label>
        <label className={fieldClassName} htmlFor={`${id}-from`}>
          From
          <Input
            id={`${id}-from`}
            type="date"
            className="h-9"
            value={filters.from ?? ''}
            max={filters.to}
            onChange={(event) => onChange({ from: event.target.value || undefined })}
          />
        </label>
        <label className={fieldClassName} htmlFor={`${id}-to`}>
          To
          <Input
            id={`${id}-to`}
            type="date"
            className="h-9"
            value={filters.to ?? ''}
            min={filters.from}
            onChange={(event) => onChange({ to: event.target.value || undefined })}
          />
        </label>
      </div>
      <label className={`${fieldClassName} md:max-w-md`} htmlFor={`${id}-q`}>
        Search
        <span className="relative">
          <SearchIcon
            className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 opacity-60"
            aria-hidden
          />
          <Input
            id={`${id}-q`}
            type="search"
            className="h-9 pl-8"
            placeholder="Description, task, links"
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && text) {
                event.preventDefault();
                setText('');
              }
            }}
          />
        </span>
      </label>
      {hasWorklogFilters(filters) && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          {filters.taskId && (
            <span className="rounded-full bg-muted px-2.5 py-0.5 text-xs">Entries of one task</span>
          )}
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setText('');
              lastSent.current = undefined;
              onChange({
                projectId: undefined,
                categoryId: undefined,
                client: undefined,
                taskId: undefined,
                from: undefined,
                to: undefined,
                q: undefined,
              });
            }}
          >
            <XIcon aria-hidden />
            Clear filters
          </Button>
        </div>
      )}
    </fieldset>
  );
}
