import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type Serializer = (data: unknown) => string;

/*
 * Fastify's own compilers (Ajv for requests, fast-json-stringify for answers), kept for the
 * process instead of for one instance: each instance Fastify builds compiles every route's schemas
 * again, though the contract rows are the same objects. One Ajv per option set (Ajv keeps what it
 * compiled per schema object) and one serializer per schema object and option set. A factory makes
 * Fastify treat the compilers as custom, which only stops it lower-casing `headers` schemas: no
 * route has one.
 */
const validators = AjvCompiler();
const serializerSelector = SerializerSelector();
const serializers = new WeakMap<object, Map<string, Serializer>>();

export const processSchemaCompilers: CompilersFactory = {
  buildValidator: validators,
  buildSerializer(externalSchemas, serializerOptions) {
    const build = serializerSelector(externalSchemas, serializerOptions);
    const optionsKey = JSON.stringify([externalSchemas, serializerOptions ?? null]);
    return (route) => {
      const { schema } = route;
      if (typeof schema !== 'object' || schema === null) return build(route);
      let bySchema = serializers.get(schema);
      if (!bySchema) serializers.set(schema, (bySchema = new Map()));
      let serializer = bySchema.get(optionsKey);
      if (!serializer) bySchema.set(optionsKey, (serializer = build(route)));
      return serializer;
    };
  },
};
