import { Recurrence } from '@cairn/recurrence';
import { readStoredRecurrence } from '../recurrence/stored-recurrence';

// What quick add needs to read a line and put its rules in words, one download on first use
// (quick-add-parser.ts): chrono-node and the recurrence library stay off the task screens' first load.

export { parseQuickAdd } from './parse-quick-add';

/** A rule in words, read from its start; undefined when it cannot be read. */
export function describeRule(rule: object, start: Date): string | undefined {
  const options = readStoredRecurrence({ ...rule, startDate: start.toISOString() });
  return options && new Recurrence(options).toText();
}

/** A typed rule in words, from the due date it starts on. */
export function describeTypedRule(rule: ConstructorParameters<typeof Recurrence>[0]): string {
  return new Recurrence(rule).toText();
}
