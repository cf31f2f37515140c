import fs from 'node:fs';
import path from 'node:path';
import { dayDir } from './files.js';
import type { OpenDataRecord } from './source.js';

interface LineIndex {
  file: string;
  /** Byte offset of each line's start, plus the file's length at the end. */
  starts: number[];
}

/**
 * Pages of a day's JSON Lines file, read by byte range: the file is scanned once for its line
 * starts (8 bytes a record kept in memory), then each page reads only its own bytes. Indexes of
 * one day are kept; a new day drops the old ones.
 */
export function createRecordIndex(root: string) {
  let day = '';
  const indexes = new Map<string, LineIndex>();

  const indexOf = (date: string, revision: number, name: string): LineIndex => {
    // A new day, or today's files rewritten (a withdrawal): the old line starts are of other bytes.
    if (`${date}#${revision}` !== day) {
      indexes.clear();
      day = `${date}#${revision}`;
    }
    let index = indexes.get(name);
    if (index === undefined) {
      const file = path.join(dayDir(root, date), name);
      const bytes = fs.readFileSync(file);
      const starts = [0];
      for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) starts.push(at + 1);
      if (starts[starts.length - 1] !== bytes.length) starts.push(bytes.length);
      index = { file, starts };
      indexes.set(name, index);
    }
    return index;
  };

  return {
    /** Records [offset, offset + limit) of the file `name` of `date` (its revision), and how many it holds in all. */
    page(
      date: string,
      revision: number,
      name: string,
      offset: number,
      limit: number,
    ): { records: OpenDataRecord[]; total: number } {
      const { file, starts } = indexOf(date, revision, name);
      const total = starts.length - 1;
      const first = Math.min(offset, total);
      const last = Math.min(offset + limit, total);
      if (first === last) return { records: [], total };
      const length = starts[last]! - starts[first]!;
      const buffer = Buffer.alloc(length);
      const fd = fs.openSync(file, 'r');
      try {
        fs.readSync(fd, buffer, 0, length, starts[first]!);
      } finally {
        fs.closeSync(fd);
      }
      const records = buffer
        .toString('utf8')
        .split('\n')
        .filter((line) => line.length > 0)
        .map((line) => JSON.parse(line) as OpenDataRecord);
      return { records, total };
    },
  };
}
