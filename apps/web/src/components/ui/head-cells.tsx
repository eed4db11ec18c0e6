import type { ReactNode } from 'react';

/** The column headings of a table's head row, one <th scope="col"> each. */
export function HeadCells({ names, className }: { names: ReactNode[]; className: string }) {
  return (
    <>
      {names.map((name, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the headings are fixed for the table
        <th key={i} scope="col" className={className}>
          {name}
        </th>
      ))}
    </>
  );
}
