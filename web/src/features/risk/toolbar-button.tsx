/** A small toolbar button of the risk screens: an icon, its words and its test id. */
export function ToolbarButton({
  label,
  icon,
  primary = false,
  onClick,
  testId,
}: {
  label: string;
  icon: string;
  primary?: boolean;
  onClick: () => void;
  testId: string;
}) {
  return (
    <button
      type="button"
      className={`btn btn-sm ${primary ? 'btn-primary' : 'btn-outline-primary'} text-nowrap`}
      onClick={onClick}
      data-testid={testId}
    >
      <i className={`bi ${icon} me-1`} aria-hidden />
      {label}
    </button>
  );
}
