import type { EnvProblem } from '../../lib/env';

/**
 * Shown instead of the app when a required build setting is missing or malformed. Deliberately plain:
 * nothing else (error reporting, the API) can be trusted to work at this point.
 */
export function StartupSettingsError({ problems }: { problems: readonly EnvProblem[] }) {
  return (
    <main className="mx-auto max-w-2xl p-6 sm:p-10">
      <h1 className="mb-4 text-2xl font-semibold">Cairn cannot start</h1>
      <p className="mb-4">
        {problems.length === 1 ? 'A required build setting is' : 'Required build settings are'} missing or
        invalid. Set {problems.length === 1 ? 'it' : 'them'} when building the web app, then rebuild.
      </p>
      <ul className="grid gap-3">
        {problems.map((problem) => (
          <li key={problem.name} className="rounded-md border p-4">
            <p>
              <code className="font-mono font-semibold">{problem.name}</code>: {problem.description}.
            </p>
            <p className="mt-1 text-sm">Expected {problem.expected}.</p>
            <p className="mt-1 text-sm text-muted-foreground">
              {problem.received === undefined ? 'It is not set.' : `It is set to "${problem.received}".`}
            </p>
          </li>
        ))}
      </ul>
    </main>
  );
}
