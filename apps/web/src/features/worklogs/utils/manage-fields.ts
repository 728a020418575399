/** Checks of the project and category forms, mirroring the contract's so mistakes show before sending. */

export const NAME_MAX_LENGTH = 255;

export function findNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'Name is required';
  if (trimmed.length > NAME_MAX_LENGTH) return `Name must be ${NAME_MAX_LENGTH} characters or less`;
  return null;
}

export function findClientProblem(client: string): string | null {
  return client.trim().length > NAME_MAX_LENGTH
    ? `Client must be ${NAME_MAX_LENGTH} characters or less`
    : null;
}

/** "1.15", "1,15" or " 1.5 " as the decimal string the API takes, or null when it is not 1 to 100. */
export function readBreaksMultiplier(text: string): string | null {
  const value = text.trim().replace(',', '.');
  if (!/^\d{1,3}(\.\d{1,6})?$/.test(value)) return null;
  const [whole = '', fraction = ''] = value.split('.');
  const wholeNumber = Number(whole);
  if (wholeNumber < 1 || wholeNumber > 100) return null;
  if (wholeNumber === 100 && /[1-9]/.test(fraction)) return null;
  return value;
}

export const MULTIPLIER_PROBLEM = 'Enter a number from 1 to 100, such as 1.15 (at most 6 decimals)';

/** "1.150000" → "1.15": a multiplier as people write it. */
export function formatMultiplier(multiplier: string): string {
  return multiplier.includes('.') ? multiplier.replace(/0+$/, '').replace(/\.$/, '') : multiplier;
}
