import { UploadOutlined } from '@ant-design/icons';
import { UPLOAD_FILE_TYPES, UPLOAD_MAX_FILE_BYTES, UPLOAD_MAX_FILES } from '@credit-portal/shared';
import { Button, Upload, type UploadFile } from 'antd';
import { useEffect, useRef } from 'react';
import { useFeedback } from '@/lib/feedback';
import { formatFileSize } from '@/lib/file-size';
import styles from './services.module.css';

/** The files a filing accepts: how many, how large, which kinds. */
export interface MaterialLimits {
  maxFiles: number;
  maxFileBytes: number;
  /** Accepted kinds: file-name extensions (lower case, with the dot) and MIME types. */
  extensions: readonly string[];
  mimeTypes: readonly string[];
}

/** The materials of a repair or an objection: the shared upload limits. */
export const FILING_LIMITS: MaterialLimits = {
  maxFiles: UPLOAD_MAX_FILES,
  maxFileBytes: UPLOAD_MAX_FILE_BYTES,
  extensions: ['.pdf', '.jpg', '.jpeg', '.png'],
  mimeTypes: UPLOAD_FILE_TYPES.map((kind) => kind.type),
};

/** The accepted kinds, as a person reads them: PDF、JPG、PNG. */
export const kindsText = (limits: MaterialLimits): string =>
  [
    ...new Set(limits.extensions.map((extension) => extension.replace(/^\./, '').replace('jpeg', 'jpg').toUpperCase())),
  ].join('、');

/** The rule shown under the button and checked before anything is sent. */
export const limitsText = (limits: MaterialLimits): string =>
  `支持 ${kindsText(limits)} 格式，最多 ${limits.maxFiles} 个文件，每个不超过 ${formatFileSize(limits.maxFileBytes)}`;

/** Why a file cannot be added, or null when it can (the server checks the content again). */
export function refusalOf(file: { name: string; type: string; size: number }, limits: MaterialLimits): string | null {
  const name = file.name.toLowerCase();
  const kindOk =
    limits.extensions.some((extension) => name.endsWith(extension)) &&
    (file.type === '' || limits.mimeTypes.includes(file.type));
  if (!kindOk) return `“${file.name}”格式不支持，请上传 ${kindsText(limits)} 文件`;
  if (file.size === 0) return `“${file.name}”是空文件，请重新选择`;
  if (file.size > limits.maxFileBytes)
    return `“${file.name}”超过 ${formatFileSize(limits.maxFileBytes)}，请压缩后再上传`;
  return null;
}

interface MaterialsUploadProps {
  id?: string;
  limits: MaterialLimits;
  /** Set by Form.Item. */
  value?: UploadFile[];
  onChange?: (files: UploadFile[]) => void;
  disabled?: boolean;
}

/**
 * The materials of a filing: antd Upload holding the chosen files until the form is sent. Kind,
 * size and count are checked as files are picked (a refused file is named in a message and left
 * out); nothing is uploaded before the form is submitted.
 */
export function MaterialsUpload({ id, limits, value = [], onChange, disabled }: MaterialsUploadProps) {
  const { message } = useFeedback();
  // Several files picked at once arrive one call each: count them against the list as it grows.
  const current = useRef(value);
  useEffect(() => {
    current.current = value;
  }, [value]);
  return (
    <div>
      <Upload
        multiple
        accept={[...limits.extensions, ...limits.mimeTypes].join(',')}
        fileList={value}
        disabled={disabled}
        beforeUpload={(file) => {
          const refusal =
            refusalOf(file, limits) ??
            (current.current.length >= limits.maxFiles ? `最多上传 ${limits.maxFiles} 个文件` : null);
          if (refusal) {
            void message.error({ content: refusal, key: `upload-${file.name}` });
            return Upload.LIST_IGNORE;
          }
          const added: UploadFile = {
            uid: file.uid,
            name: file.name,
            size: file.size,
            type: file.type,
            status: 'done',
            originFileObj: file,
          };
          const next = [...current.current, added];
          current.current = next;
          onChange?.(next);
          // Kept, not sent: the files go with the form.
          return false;
        }}
        onRemove={(file) => {
          const next = current.current.filter((item) => item.uid !== file.uid);
          current.current = next;
          onChange?.(next);
          return true;
        }}
        // The list is ours (beforeUpload and onRemove keep it); antd's own change events add nothing.
        onChange={() => undefined}
      >
        <Button id={id} icon={<UploadOutlined aria-hidden />} disabled={disabled || value.length >= limits.maxFiles}>
          选择文件
        </Button>
      </Upload>
      <p className={styles.hint}>{limitsText(limits)}</p>
    </div>
  );
}

/** The picked files, as the multipart body carries them. */
export const filesOf = (list: readonly UploadFile[]): File[] =>
  list.map((item) => item.originFileObj).filter((file): file is NonNullable<typeof file> => Boolean(file));
