import { SPECIAL_REPORT_AREAS, specialAreasRefusal } from '@credit-portal/shared';
import { Button, Checkbox } from 'antd';
import { useId } from 'react';
import styles from './services.module.css';

const ALL_AREAS = SPECIAL_REPORT_AREAS.map((area) => area.area);

interface SpecialReportAreasProps {
  /** The areas chosen, in the order of SPECIAL_REPORT_AREAS. */
  value: string[];
  onChange: (areas: string[]) => void;
}

/**
 * The areas a 专项信用报告 covers (at least one): a check box per area with its departments, and
 * buttons to choose all or none. Check boxes in a fieldset: Tab moves between them, Space ticks.
 */
export function SpecialReportAreas({ value, onChange }: SpecialReportAreasProps) {
  const hintId = useId();
  const refusal = specialAreasRefusal(value);
  // Kept in the list's order, whatever order they were ticked in: the report lists them so.
  const ordered = (areas: readonly string[]) => ALL_AREAS.filter((area) => areas.includes(area));
  return (
    <fieldset className={styles.areas} aria-describedby={hintId}>
      <legend className={styles.areasLegend}>报告涵盖的领域（可多选，报告逐一列明各领域的查询范围和结果）</legend>
      <Checkbox.Group
        className={styles.areaOptions}
        value={value}
        onChange={(checked) => onChange(ordered(checked))}
        options={SPECIAL_REPORT_AREAS.map((area) => ({
          value: area.area,
          label: (
            <span>
              {area.area}
              <span className={styles.areaDept}>（{area.dept}）</span>
            </span>
          ),
        }))}
      />
      <div className={styles.actions}>
        <Button onClick={() => onChange(ALL_AREAS)}>全部选择</Button>
        <Button onClick={() => onChange([])}>全部取消</Button>
      </div>
      <p id={hintId} className={refusal ? styles.fieldError : styles.hint}>
        {refusal ?? `已选择 ${value.length} 个领域：${value.join('、')}`}
      </p>
    </fieldset>
  );
}
