import { Button } from '@fm/ui';

interface Props {
  page: number;
  totalPages: number;
  total: number;
  onPage(page: number): void;
}

export function Pagination({ page, totalPages, total, onPage }: Props) {
  if (totalPages <= 1) return null;
  return (
    <nav className="pagination" aria-label="Pages">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span aria-live="polite">
        Page {page} of {totalPages} · {total} players
      </span>
      <Button variant="secondary" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
