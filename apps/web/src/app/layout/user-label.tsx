import classes from './header.module.css';

/** Up to two initials of a name (`ნინო კაპანაძე` → `ნკ`). */
export function initialsOf(label: string): string {
  return label
    .split(/\s+/)
    .filter((word) => word !== '')
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
    .join('');
}

/**
 * The signed-in user's name in the header. On a phone or a small tablet it would not fit beside
 * the menu and the language switch: there the initials show in a round badge and the full name
 * stays the accessible name (visually hidden); from 768 px the name itself shows.
 */
export function UserLabel({ label }: { label: string }) {
  return (
    <>
      <span className={classes.initials} aria-hidden="true">
        {initialsOf(label)}
      </span>
      <span className={classes.userName}>{label}</span>
    </>
  );
}
