import { Link } from '@tanstack/react-router';
import { MissingResource } from '../../../components/fallback/missing-resource';
import { Button } from '../../../components/ui/button';

/**
 * A list that never existed and one that was deleted answer alike, so the message holds for both: it
 * does not say the tasks were kept, only what deleting a list does.
 */
export function ListNotFound() {
  return (
    <MissingResource
      title="This list does not exist or was deleted"
      message="The link may be old or mistyped. When a list is deleted, its tasks stay in your views, in no list."
      actions={
        <Button asChild>
          <Link to="/">Back to your tasks</Link>
        </Button>
      }
    />
  );
}
