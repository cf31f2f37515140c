import {
  UPLOAD_FILE_FIELD,
  type Application,
  type ObjectionFilingFields,
  type RepairFilingFields,
} from '@credit-portal/shared';
import { SERVICES_HEADS } from '@credit-portal/shared/heads/services';
import { call } from '@/lib/api-client';

/** The multipart body of a filing: its text fields, then each material under UPLOAD_FILE_FIELD. */
function filingForm(fields: Readonly<Record<string, string>>, files: readonly File[]): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append(UPLOAD_FILE_FIELD, file, file.name);
  return form;
}

/** Files a credit repair with its materials (POST UploadCreditRepair, multipart, bearer). */
export const fileRepair = (fields: RepairFilingFields, files: readonly File[]): Promise<Application> =>
  call(SERVICES_HEADS.repairUpload, { formData: filingForm(fields, files) });

/** Files a credit objection with its materials (POST UploadCreditObjection, multipart, bearer). */
export const fileObjection = (fields: ObjectionFilingFields, files: readonly File[]): Promise<Application> =>
  call(SERVICES_HEADS.objectionUpload, { formData: filingForm(fields, files) });
