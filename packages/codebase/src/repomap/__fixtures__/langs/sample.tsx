import { Button } from './button.js';

interface Props {
  label: string;
}

export function Toolbar({ label }: Props) {
  const onClick = () => track(label);
  return <Button onClick={onClick}>{label}</Button>;
}
