import { render } from '@testing-library/react';
import { CalendarIcon, CheckIcon } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { MaskIcon, maskImage } from './mask-icon';

/** The style rule made for an image's class. */
function ruleOf(image: ReturnType<typeof maskImage>): CSSStyleRule {
  const rules = [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules]);
  const rule = rules.find(
    (each): each is CSSStyleRule =>
      each instanceof CSSStyleRule && each.selectorText === `.${image.className}`,
  );
  if (!rule) throw new Error(`no rule for .${image.className}`);
  return rule;
}

/** The SVG document inside the rule's `mask-image: url("data:…")`. */
function svgOf(image: ReturnType<typeof maskImage>): Element {
  const encoded = /url\("data:image\/svg\+xml,([^"]*)"\)/.exec(ruleOf(image).cssText)?.[1];
  if (!encoded) throw new Error(`no SVG data URL in ${ruleOf(image).cssText}`);
  return new DOMParser().parseFromString(decodeURIComponent(encoded), 'image/svg+xml').documentElement;
}

describe('maskImage', () => {
  it("keeps the icon's own drawing as a standalone SVG document", () => {
    const svg = svgOf(maskImage(CalendarIcon));
    expect(svg.namespaceURI).toBe('http://www.w3.org/2000/svg');
    expect(svg.getAttribute('viewBox')).toBe('0 0 24 24');
    // The calendar's two rings, its frame and its line: what the SVG element drew.
    expect(svg.querySelectorAll('path')).toHaveLength(3);
    expect(svg.querySelectorAll('rect')).toHaveLength(1);
  });

  it('draws with the stroke width it is given', () => {
    expect(svgOf(maskImage(CheckIcon, { strokeWidth: 3 })).getAttribute('stroke-width')).toBe('3');
    expect(svgOf(maskImage(CheckIcon)).getAttribute('stroke-width')).toBe('2');
  });

  it('gives each image a class of its own, scaled to the element, prefixed too', () => {
    const first = maskImage(CheckIcon);
    const second = maskImage(CheckIcon);
    expect(first.className).not.toBe(second.className);
    const { cssText } = ruleOf(first);
    expect(cssText).toMatch(/-webkit-mask-image: url\("data:image\/svg\+xml,/);
    expect(cssText).toContain('mask-size: 100% 100%');
  });
});

describe('MaskIcon', () => {
  it('is one element with its image, hidden from screen readers, with the classes it is given', () => {
    const image = maskImage(CheckIcon);
    const { container } = render(<MaskIcon image={image} className="inline-block size-3" />);
    const icon = container.firstElementChild;
    expect(container.childElementCount).toBe(1);
    expect(icon?.childElementCount).toBe(0);
    expect(icon?.getAttribute('aria-hidden')).toBe('true');
    expect(icon?.classList).toContain(image.className);
    expect(icon?.className).toContain('inline-block size-3');
    expect(icon?.classList).toContain('bg-current');
    expect(icon?.classList).toContain('forced-color-adjust-none');
  });
});
