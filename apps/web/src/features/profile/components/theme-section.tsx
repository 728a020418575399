import { MonitorIcon, MoonIcon, SunIcon } from 'lucide-react';
import { useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { type Theme, themes, useTheme } from '../../../lib/theme';

const themeLabels: Record<Theme, { label: string; icon: typeof SunIcon }> = {
  light: { label: 'Light', icon: SunIcon },
  dark: { label: 'Dark', icon: MoonIcon },
  system: { label: 'System', icon: MonitorIcon },
};

/** Light, dark or the device's setting: the same choice as the account menu's, kept on this device. */
export function ThemeSection() {
  const id = useId();
  const { theme, setTheme } = useTheme();
  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>Theme</CardTitle>
        <CardDescription>How Cairn looks on this device.</CardDescription>
      </CardHeader>
      <CardContent>
        {/* Native radios: arrow keys move between them, and readers announce the group. */}
        <fieldset className="grid grid-cols-3 gap-2 sm:max-w-md">
          <legend className="sr-only">Theme</legend>
          {themes.map((option) => {
            const { label, icon: Icon } = themeLabels[option];
            return (
              <label
                key={option}
                className="flex cursor-pointer flex-col items-center gap-1.5 rounded-lg border p-3 text-sm transition-colors hover:bg-accent has-checked:border-primary has-checked:bg-primary/10 has-focus-visible:ring-2 has-focus-visible:ring-ring"
              >
                <input
                  type="radio"
                  name={`${id}-theme`}
                  value={option}
                  checked={theme === option}
                  onChange={() => setTheme(option)}
                  className="sr-only"
                />
                <Icon className="size-5" aria-hidden />
                {label}
              </label>
            );
          })}
        </fieldset>
      </CardContent>
    </Card>
  );
}
