import {
  TRACKER_GROUP_DESCRIPTION_MAX_LENGTH,
  TRACKER_NAME_MAX_LENGTH,
  type TrackerGroup,
} from '@cairn/contracts/trackers';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { showErrorToast } from '../../../lib/error-toast';
import { useCreateTrackerGroupMutation } from '../api/create-tracker-group';
import { useUpdateTrackerGroupMutation } from '../api/update-tracker-group';
import { serverFieldErrors } from '../utils/server-field-errors';

const fields = ['name', 'description', 'color'] as const;
type Field = (typeof fields)[number];

const textareaClassName =
  'min-h-20 w-full rounded-md border border-input bg-background px-3 py-2 text-base outline-none placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive sm:text-sm';

/** Creates a group, or renames it and changes its description and colour. */
export function GroupDialog({ group, onClose }: { group?: TrackerGroup; onClose: () => void }) {
  const [name, setName] = useState(group?.name ?? '');
  const [description, setDescription] = useState(group?.description ?? '');
  const [color, setColor] = useState(group?.color ?? '');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const create = useCreateTrackerGroupMutation();
  const update = useUpdateTrackerGroupMutation();
  const isPending = create.isPending || update.isPending;

  function submit() {
    const body = {
      name: name.trim(),
      description: description.trim() || null,
      color: color.trim() || null,
    };
    const options = {
      onSuccess: onClose,
      onError: (error: unknown) => {
        const found = serverFieldErrors(error, fields);
        if (Object.keys(found).length > 0) setErrors(found);
        else showErrorToast(error, 'Could not save the group');
      },
    };
    if (group) update.mutate({ id: group.id, body }, options);
    else create.mutate(body, options);
  }

  const clear = (field: Field) => setErrors(({ [field]: _dropped, ...rest }) => rest);
  const isColorValid = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(color.trim());

  return (
    <Dialog
      isOpen
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title={group ? `Edit group “${group.name}”` : 'New group'}
      description="Groups gather trackers that belong together, such as body, sleep or money."
      className="sm:max-w-md"
    >
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <FormField label="Name" error={errors.name}>
          {(control) => (
            <Input
              {...control}
              value={name}
              maxLength={TRACKER_NAME_MAX_LENGTH}
              autoComplete="off"
              placeholder="Body, Sleep, Fitness…"
              onChange={(event) => {
                setName(event.target.value);
                clear('name');
              }}
            />
          )}
        </FormField>
        <FormField label="Description (optional)" error={errors.description}>
          {(control) => (
            <textarea
              {...control}
              className={textareaClassName}
              value={description}
              maxLength={TRACKER_GROUP_DESCRIPTION_MAX_LENGTH}
              onChange={(event) => {
                setDescription(event.target.value);
                clear('description');
              }}
            />
          )}
        </FormField>
        <FormField label="Colour (optional)" hint="A hex colour such as #3b82f6." error={errors.color}>
          {(control) => (
            <div className="flex items-center gap-2">
              <Input
                {...control}
                value={color}
                autoComplete="off"
                placeholder="#3b82f6"
                className="font-mono"
                onChange={(event) => {
                  setColor(event.target.value);
                  clear('color');
                }}
              />
              <input
                type="color"
                aria-label="Pick a colour"
                className="h-10 w-12 shrink-0 cursor-pointer rounded-md border border-input bg-background p-1"
                value={isColorValid && color.trim().length === 7 ? color.trim() : '#3b82f6'}
                onChange={(event) => {
                  setColor(event.target.value);
                  clear('color');
                }}
              />
            </div>
          )}
        </FormField>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose} disabled={isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={isPending}>
            {isPending ? 'Saving…' : group ? 'Save' : 'Create group'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
