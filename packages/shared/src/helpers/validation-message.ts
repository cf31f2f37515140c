/** The parts of an Ajv or TypeBox validation error that the message needs. */
export interface ValidationIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

const TYPE_NAMES: Readonly<Record<string, string>> = {
  string: '字符串',
  integer: '整数',
  number: '数字',
  boolean: '布尔值',
  object: '对象',
  array: '数组',
  null: '空值',
};

const PART_NAMES: Readonly<Record<string, string>> = {
  body: '请求体',
  querystring: '查询参数',
  params: '路径参数',
  headers: '请求头',
};

/** The missing properties of a 'required' issue: Ajv names one, TypeBox lists them. */
function missingProperties(issue: ValidationIssue): string {
  const { missingProperty, requiredProperties } = issue.params;
  if (typeof missingProperty === 'string') return missingProperty;
  return Array.isArray(requiredProperties) ? requiredProperties.join('、') : '';
}

/** The field an issue is about: the missing property, else the instance path as a.b.c. */
export function issueField(issue: ValidationIssue): string {
  const base = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const missing = issue.keyword === 'required' ? missingProperties(issue) : '';
  if (missing) return base ? `${base}.${missing}` : missing;
  return base;
}

/** A short Chinese description of one validation issue, e.g. "pageIndex 应为整数". */
export function describeIssue(issue: ValidationIssue, part?: string): string {
  const field = issueField(issue) || PART_NAMES[part ?? ''] || '参数';
  const limit = issue.params.limit;
  switch (issue.keyword) {
    case 'required':
      return `缺少参数 ${field}`;
    case 'type': {
      const type = String(issue.params.type ?? '');
      return `${field} 应为${TYPE_NAMES[type] ?? type}`;
    }
    case 'minLength':
      return limit === 1 ? `${field} 不能为空` : `${field} 长度不能少于 ${String(limit)} 个字符`;
    case 'maxLength':
      return `${field} 长度不能超过 ${String(limit)} 个字符`;
    case 'minimum':
    case 'exclusiveMinimum':
      return `${field} 不能小于 ${String(limit)}`;
    case 'maximum':
    case 'exclusiveMaximum':
      return `${field} 不能大于 ${String(limit)}`;
    case 'minItems':
      return `${field} 至少包含 ${String(limit)} 项`;
    case 'maxItems':
      return `${field} 最多包含 ${String(limit)} 项`;
    case 'pattern':
    case 'format':
      return `${field} 格式不正确`;
    case 'additionalProperties':
      return `不支持参数 ${String(issue.params.additionalProperty ?? field)}`;
    default:
      return `${field} 取值无效`;
  }
}
