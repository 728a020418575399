import type { AppContext } from '../../lib/app-context';
import * as repository from './attachments.repository';

/**
 * Attachments per note for a page of notes, a query a batch (a note without any is missing from the
 * map). Apart from the service, which reads notes, so the notes module can call it without a cycle.
 */
export function countNoteAttachments(
  ctx: AppContext,
  options: { userId: string; noteIds: readonly string[] },
): Promise<Map<string, number>> {
  return repository.countByNote(ctx.db, options);
}
