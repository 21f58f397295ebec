import { z } from 'zod';

/** A value whose shape the service's return type states; documented as a JSON object. */
export const typedValue = <T>(description: string) =>
  z.custom<T>(() => true).meta({ override: { type: 'object', description } });

/** `{ data: T }`: the typed client sees T, the OpenAPI document an object with `data`. */
export const dataOutput = <T>(description = 'The answer') => z.object({ data: typedValue<T>(description) });
