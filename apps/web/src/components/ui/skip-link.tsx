/**
 * The first stop of the Tab key on every page: straight past the header and menus to the page's own content
 * (each layout's <main id="main" tabIndex={-1}> takes the focus).
 */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-[70] rounded-lg bg-white px-4 py-2 text-sm font-semibold text-brand-800 shadow-lg ring-2 ring-brand-600 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      Skip to main content
    </a>
  );
}
