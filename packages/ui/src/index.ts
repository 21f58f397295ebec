export { Banner, type BannerProps, type BannerTone } from './Banner.js';
export { Breadcrumbs, type BreadcrumbItem, type BreadcrumbsProps } from './Breadcrumbs.js';
export { Button, type ButtonProps, type ButtonVariant } from './Button.js';
export { Dialog, type DialogProps } from './Dialog.js';
export { Spinner, type SpinnerProps } from './Spinner.js';
export { Tabs, type TabItem, type TabsProps } from './Tabs.js';
export * from './charts/index.js';
export { DataFreshness, TimeAgo, timeAgo, type DataFreshnessProps } from './DataFreshness.js';
export { StatusTag } from './StatusTag.js';
