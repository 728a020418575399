import type { ComboboxOption } from '../../../components/ui/combobox';

/** Every IANA zone the browser knows, with the rule's own kept even if this browser lacks it. */
export function getTimeZoneOptions(current: string): ComboboxOption[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add('UTC');
  zones.add(current);
  return [...zones].sort().map((zone) => ({ value: zone, label: zone.replaceAll('_', ' '), keywords: zone }));
}
