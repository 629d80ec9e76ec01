import type { ComponentChildren } from 'preact';
import type { ViewName } from '../view-registry.js';

/**
 * A view's root, whatever the view shows (its list, or that it is empty): `data-view` names
 * the view, so tests find a view by its registry id rather than by its text. The box is
 * `display: contents`, so the view's parts lay out in the view area as they would without it.
 */
export function ViewRoot({ name, children }: { readonly name: ViewName; readonly children: ComponentChildren }) {
  return (
    <div class="view-root" data-view={name}>
      {children}
    </div>
  );
}
