import { Link } from '@tanstack/react-router';
import { MissingResource } from '../../../components/fallback/missing-resource';
import { Button } from '../../../components/ui/button';

/** Another user's task, a purged one and a mistyped address all look the same: gone. */
export function TaskNotFound() {
  return (
    <MissingResource
      title="This task does not exist or was deleted"
      message="The link may be old or mistyped, or the task was deleted for good. Tasks you deleted recently may still be in the trash."
      actions={
        <>
          <Button asChild variant="outline">
            <Link to="/trash">Open the trash</Link>
          </Button>
          <Button asChild>
            <Link to="/">Back to your tasks</Link>
          </Button>
        </>
      }
    />
  );
}
