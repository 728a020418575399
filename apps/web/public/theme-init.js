// Runs before the first paint so a dark-theme user never sees a flash of the light theme.
// Kept in sync with src/lib/theme.ts (storage key 'theme': light, dark or system; default system).
(() => {
  try {
    const stored = window.localStorage.getItem('theme');
    const isDark =
      stored === 'dark' || (stored !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', isDark);
    document.documentElement.style.colorScheme = isDark ? 'dark' : 'light';
  } catch {
    // Storage can be blocked; the light theme is then shown until the app starts.
  }
})();
