/**
 * An answer whose Data was not what spec §8 says (a data error). In a module of its own so that the
 * report page can throw it without loading the entity list's parser, which reads the shared
 * H5EntityRecord schema (and so brings TypeBox).
 */
export class H5DataError extends Error {
  override readonly name = 'H5DataError';
}
