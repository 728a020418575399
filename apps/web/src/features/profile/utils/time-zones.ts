import type { ComboboxOption } from '../../../components/ui/combobox';

/** Every IANA zone the browser knows, with the user's current one kept even if the browser lacks it. */
export function getTimeZoneOptions(current: string | undefined): ComboboxOption[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add('UTC');
  if (current) zones.add(current);
  return [...zones].sort().map((zone) => ({
    value: zone,
    label: zone.replaceAll('_', ' '),
    keywords: zone,
  }));
}
