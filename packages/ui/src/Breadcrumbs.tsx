import type { ReactNode } from 'react';

export interface BreadcrumbItem {
  label: string;
  path: string;
}

export interface BreadcrumbsProps {
  items: BreadcrumbItem[];
  /** Renders a link for every crumb but the last (the router's Link, usually). */
  renderLink: (item: BreadcrumbItem) => ReactNode;
}

/** Crumbs separated by '>'; all are links except the last, the current page. */
export function Breadcrumbs({ items, renderLink }: BreadcrumbsProps) {
  if (items.length < 2) return null;
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs">
      <ol>
        {items.map((item, index) => {
          const isLast = index === items.length - 1;
          return (
            <li key={item.path}>
              {isLast ? <span aria-current="page">{item.label}</span> : renderLink(item)}
              {!isLast && (
                <span className="breadcrumbs__separator" aria-hidden="true">
                  {'>'}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
