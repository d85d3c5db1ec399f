import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import { useId, type ReactNode } from 'react';

/** The card around the account forms (register, password reset, e-mail confirmation). */
export function AccountFormCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardHeader
        title={title}
        subheader={subtitle}
        slotProps={{
          title: { id: titleId, component: 'h1', variant: 'h6' },
          subheader: { color: 'text.secondary' },
        }}
      />
      <CardContent>{children}</CardContent>
    </Card>
  );
}
