import type { Task } from '@cairn/contracts/tasks';
import { CheckIcon } from 'lucide-react';
import { createContext, type ReactNode, useCallback, useContext, useRef } from 'react';
import { MaskIcon, maskImage } from '../../../components/ui/mask-icon';
import { cn } from '../../../lib/cn';
import { useCompleteTask } from '../hooks/use-complete-task';

type SetCompleted = ReturnType<typeof useCompleteTask>['setCompleted'];

const tick = maskImage(CheckIcon, { strokeWidth: 3 });

const SharedCompletion = createContext<SetCompleted | null>(null);

/**
 * One completion flow (its requests, its toast, its question about open subtasks) for every tick
 * below. A long list mounts a tick with each row that scrolls into view, and each tick's own flow
 * (two mutation observers, subscribed and dropped again) cost ten times the tick's own render.
 */
export function CompleteTaskProvider({ children }: { children: ReactNode }) {
  const { setCompleted, dialog } = useCompleteTask();
  // The ticks get one function for the provider's whole life, so a question opening renders none of them.
  const latest = useRef(setCompleted);
  latest.current = setCompleted;
  const stableSetCompleted = useCallback<SetCompleted>((...args) => latest.current(...args), []);
  return (
    <SharedCompletion.Provider value={stableSetCompleted}>
      {children}
      {dialog}
    </SharedCompletion.Provider>
  );
}

interface CompleteTaskCheckboxProps {
  task: Pick<Task, 'id' | 'title' | 'completedAt'>;
  className?: string;
}

/**
 * The round tick that completes or reopens a task, at once, asking first when the task still has open
 * subtasks. Labelled with the task's title for screen readers. Under a `CompleteTaskProvider` it uses
 * the provider's flow; elsewhere its own.
 */
export function CompleteTaskCheckbox(props: CompleteTaskCheckboxProps) {
  const shared = useContext(SharedCompletion);
  return shared ? <Tick {...props} setCompleted={shared} /> : <TickWithOwnFlow {...props} />;
}

function TickWithOwnFlow(props: CompleteTaskCheckboxProps) {
  const { setCompleted, dialog } = useCompleteTask();
  return (
    <>
      <Tick {...props} setCompleted={setCompleted} />
      {dialog}
    </>
  );
}

function Tick({ task, className, setCompleted }: CompleteTaskCheckboxProps & { setCompleted: SetCompleted }) {
  const isCompleted = task.completedAt !== null;
  return (
    // A native checkbox drawn round: boards and lists render hundreds, and Radix's checkbox costs several
    // times as much to mount. Space toggles it; Enter does nothing, as for any checkbox.
    <span className={cn('relative flex size-5 shrink-0', className)}>
      <input
        type="checkbox"
        checked={isCompleted}
        onChange={(event) => setCompleted(task, event.target.checked)}
        onClick={(event) => event.stopPropagation()}
        onPointerDown={(event) => event.stopPropagation()}
        aria-label={`Complete “${task.title}”`}
        className="peer size-full cursor-pointer appearance-none rounded-full border-2 border-muted-foreground/60 outline-none transition-colors hover:border-primary checked:border-primary checked:bg-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
      />
      <MaskIcon
        image={tick}
        className="pointer-events-none absolute inset-0 m-auto hidden size-3.5 text-primary-foreground peer-checked:block"
      />
    </span>
  );
}
