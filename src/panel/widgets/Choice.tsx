import type { ComponentChildren } from 'preact';

/** One radio button of a group, inside its label (which may hold more controls). */
export function RadioChoice({
  extraClass,
  name,
  checked,
  disabled,
  onPick,
  children,
}: {
  readonly extraClass?: string;
  readonly name: string;
  readonly checked: boolean;
  readonly disabled?: boolean;
  readonly onPick: () => void;
  readonly children: ComponentChildren;
}) {
  return (
    <label class={extraClass}>
      <input type="radio" name={name} checked={checked} disabled={disabled} onChange={onPick} /> {children}
    </label>
  );
}

/** A checkbox inside its label; `onToggle` gets the new state. */
export function CheckChoice({
  extraClass,
  title,
  checked,
  disabled,
  onToggle,
  children,
}: {
  readonly extraClass?: string;
  readonly title?: string;
  readonly checked: boolean;
  readonly disabled?: boolean;
  readonly onToggle: (checked: boolean) => void;
  readonly children: ComponentChildren;
}) {
  return (
    <label class={extraClass} title={title}>
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onToggle((e.currentTarget as HTMLInputElement).checked)}
      />
      {children}
    </label>
  );
}
