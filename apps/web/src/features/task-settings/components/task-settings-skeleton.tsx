import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';

/** The form's sections and their settings, as placeholders of the same size. */
const placeholderSections = [
  { id: 'views', rows: ['default-view', 'periodical-kanban', 'batch-editing'] },
  { id: 'day', rows: ['daily-limit', 'work-day'] },
  { id: 'recurring', rows: ['past-occurrences', 'whole-series'] },
];

function Bar({ className }: { className: string }) {
  return <div className={cn('rounded-md bg-muted motion-safe:animate-pulse', className)} />;
}

/** The settings' shape while they load, so the page does not jump when they arrive. */
export function TaskSettingsSkeleton() {
  return (
    <div role="status" aria-label="Loading task settings" className="grid gap-6">
      {placeholderSections.map((section) => (
        <Card key={section.id} aria-hidden>
          <CardHeader>
            <Bar className="h-5 w-32" />
            <Bar className="h-4 w-64 max-w-full" />
          </CardHeader>
          <CardContent className="grid gap-6">
            {section.rows.map((row) => (
              <div key={row} className="flex items-start justify-between gap-4">
                <div className="grid flex-1 gap-2">
                  <Bar className="h-4 w-40" />
                  <Bar className="h-4 w-full max-w-md" />
                </div>
                <Bar className="h-6 w-11 rounded-full" />
              </div>
            ))}
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
