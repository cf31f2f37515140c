import { Type, type Static } from 'typebox';

/*
 * Wire types of the service guides (办事指南), shown on the mobile guide page.
 */

export const ServiceGuideSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  category: Type.String(),
  summary: Type.String(),
  basis: Type.Array(Type.String()),
  conditions: Type.Array(Type.String()),
  materials: Type.Array(Type.String()),
  steps: Type.Array(Type.String()),
  timeLimit: Type.String(),
  fee: Type.String(),
  channels: Type.Array(Type.String()),
  hotline: Type.String(),
  address: Type.String(),
  hours: Type.String(),
  /** The portal page where the service is done online (a route path), '' when there is none. */
  onlinePath: Type.String(),
});
export type ServiceGuide = Static<typeof ServiceGuideSchema>;

/** The `data` of POST /Cms/bszn/list: every guide, in editorial order. */
export const ServiceGuideListSchema = Type.Array(ServiceGuideSchema);
