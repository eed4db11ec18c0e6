/** The parts of nach2 (a CommonJS NACHA writer without its own types) that the payroll export uses. */
declare module 'nach2' {
  interface Fields {
    [field: string]: string | number | Date | undefined;
  }
  export class File {
    constructor(options: Fields);
    addBatch(batch: Batch): void;
    generateFile(done: (text: string) => void): void;
  }
  export class Batch {
    constructor(options: Fields);
    addEntry(entry: Entry): void;
  }
  export class Entry {
    constructor(options: Fields);
  }
  const nach: { File: typeof File; Batch: typeof Batch; Entry: typeof Entry };
  export default nach;
}
declare module '@midlandsbank/node-nacha' {
  const nacha: { from(source: string): { data: unknown; to(format: 'ach' | 'json'): string } };
  export default nacha;
}
