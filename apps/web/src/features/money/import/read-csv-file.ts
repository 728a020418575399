import { MONEY_IMPORT_MAX_CHARACTERS } from '@cairn/contracts/money';

export type CsvFileRead = { text: string; error?: undefined } | { text?: undefined; error: string };

const MEGABYTE = 1_000_000;

function formatSize(bytes: number): string {
  return `${(bytes / MEGABYTE).toFixed(1)} MB`;
}

/**
 * A bank export's text, read in the browser. UTF-8 first; a file that is not valid UTF-8 is read as
 * Windows-1252, which is what many banks' exports (German ones above all) are written in. Files over
 * the import's limit are refused before anything is read.
 */
export async function readCsvFile(file: Blob & { name: string }): Promise<CsvFileRead> {
  if (file.size > MONEY_IMPORT_MAX_CHARACTERS) {
    return {
      error: `“${file.name}” is ${formatSize(file.size)}; files up to 5 MB can be imported. Split it into smaller files and import them one by one.`,
    };
  }
  if (file.size === 0) return { error: `“${file.name}” is empty.` };
  const bytes = await file.arrayBuffer();
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  if (text.includes('\u0000'))
    return { error: `“${file.name}” is not a text file. Export the CSV from your bank again.` };
  if (text.trim() === '') return { error: `“${file.name}” is empty.` };
  return { text };
}
