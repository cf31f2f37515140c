type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * A compile-time proof, nothing at run time: `Proof<LabelsName<typeof X_FIELD_LABELS, Fields>>`
 * fails the build when a label record (plain data in vocabulary/, which imports no schema) does
 * not name exactly the fields of its row.
 */
export type Proof<T extends true> = T;
export type LabelsName<Labels, Fields extends PropertyKey> = Same<keyof Labels, Fields>;
