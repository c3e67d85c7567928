/**
 * A value kept on each object it was computed for (a tree hash, a JSON text), for values built from parts that
 * immutable states share. It is a non-enumerable property under a symbol of its own, so JSON, spreads and copies
 * leave it out and no other keeper sees it; twice as fast as a WeakMap, whose entries the garbage collector must
 * trace. The objects must not change while the keeper is in use; a frozen object keeps nothing.
 */
export interface KeptPerObject<T> {
  get(object: object): T | undefined;
  set(object: object, value: T): void;
}

export function keptPerObject<T>(name: string): KeptPerObject<T> {
  const key = Symbol(name);
  return {
    get: (object) => (object as { [key]?: T })[key],
    set: (object, value) => {
      if (Object.isExtensible(object)) Object.defineProperty(object, key, { value });
    },
  };
}
