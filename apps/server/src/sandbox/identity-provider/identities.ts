/** sandbox.md's seeded identities: the last two digits pick the other sandboxes' answers. */
export const seededIdentities = [
  { personalNumber: '01001000011', name: 'გიორგი', surname: 'ბერიძე', outcome: 'წარმატება' },
  { personalNumber: '01001000012', name: 'ნინო', surname: 'კაპანაძე', outcome: 'წარმატება' },
  { personalNumber: '01001000013', name: 'დავით', surname: 'მაისურაძე', outcome: 'წარმატება' },
  { personalNumber: '01001000014', name: 'მარიამ', surname: 'გელაშვილი', outcome: 'წარმატება' },
  {
    personalNumber: '01001000091',
    name: 'ირაკლი',
    surname: 'ხუციშვილი',
    outcome: 'SDA უარს ამბობს',
  },
  {
    personalNumber: '01001000092',
    name: 'ანა',
    surname: 'წიკლაური',
    outcome: 'SDA მიუწვდომელია',
  },
  {
    personalNumber: '01001000093',
    name: 'ნიკა',
    surname: 'ქავთარაძე',
    outcome: 'დოკუმენტი არ ემთხვევა',
  },
  {
    personalNumber: '01001000094',
    name: 'ეკა',
    surname: 'ნოზაძე',
    outcome: 'დოკუმენტის შემოწმება მიუწვდომელია',
  },
] as const;

export interface SandboxIdentity {
  personalNumber: string;
  name: string;
  surname: string;
}
