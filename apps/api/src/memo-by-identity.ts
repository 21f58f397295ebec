/**
 * `make(key)` once per key object, kept as long as the key lives: what is derived from a long-lived object (a
 * database, a directory answer, a config) without a field on it. Two objects equal in content are two keys.
 */
export function memoByIdentity<Key extends object, Value>(make: (key: Key) => Value): (key: Key) => Value {
  const made = new WeakMap<Key, Value>();
  return (key) => {
    if (made.has(key)) return made.get(key)!;
    const value = make(key);
    made.set(key, value);
    return value;
  };
}
