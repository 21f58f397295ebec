import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import LandingPage from './LandingPage';
import { FEATURES } from './landing-content';
import { SCREENSHOTS } from './ScreenshotGallery';
import { PUBLIC_STATS_QUERY_KEY, type PublicStats } from './use-public-stats';

type Stats = PublicStats;

/** The page with the API's answer already in the query cache (as after the first fetch). */
function renderLanding(stats: Stats) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(PUBLIC_STATS_QUERY_KEY, stats);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <LandingPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function statValue(term: string): string {
  const dt = screen.getAllByRole('term').find((el) => el.textContent?.startsWith(term))!;
  return dt.nextElementSibling!.textContent!;
}

describe('landing page', () => {
  it('shows the measured figures with their definitions on focus', async () => {
    renderLanding({
      simulationsRun: 12_345,
      modelAccuracy: {
        value: 0.634,
        definition: 'Of two players, how often the higher projection scored more.',
        measuredOn: '2024 weeks 1-17',
      },
    });
    expect(statValue('Simulations run')).toBe('12,345');
    expect(statValue('Start/sit accuracy')).toBe('63.4%');
    expect(statValue('Runs per matchup')).toBe('10,000');

    const trigger = screen.getByRole('button', { name: 'What does “Start/sit accuracy” mean?' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    await userEvent.tab();
    trigger.focus();
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toBe(
      'Of two players, how often the higher projection scored more. Measured on 2024 weeks 1-17.',
    );
    expect(trigger.getAttribute('aria-describedby')).toBe(tooltip.id);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('names every platform whose leagues can be linked: Sleeper, Yahoo and ESPN', () => {
    renderLanding({ simulationsRun: 0, modelAccuracy: null });
    const lead = document.querySelector('.hero__lead')!.textContent!;
    const linking = screen.getByText(/Bring in your Sleeper leagues/).textContent!;
    for (const platform of ['Sleeper', 'Yahoo', 'ESPN']) {
      expect(lead).toContain(platform);
      expect(linking).toContain(platform);
    }
  });

  it('says the accuracy is being measured when the API has no figure', () => {
    renderLanding({ simulationsRun: 0, modelAccuracy: null });
    expect(statValue('Start/sit accuracy')).toBe('being measured');
    expect(document.body.textContent).not.toMatch(/87\s?%/);
    // and no bare "0" simulations greets a visitor of a new install
    expect(statValue('Simulations run')).toBe('none yet: be the first');
  });

  it('badges every feature Live, Improving or Coming and links where promised', () => {
    renderLanding({ simulationsRun: 0, modelAccuracy: null });
    const list = screen
      .getByRole('heading', { name: 'What works today' })
      .parentElement!.querySelector('.feature-list')!;
    const items = within(list as HTMLElement).getAllByRole('listitem');
    expect(items).toHaveLength(FEATURES.length);
    for (const [index, feature] of FEATURES.entries()) {
      expect(items[index]!.textContent).toContain(feature.name);
      expect(within(items[index]!).getByText(feature.status, { selector: '.status-badge' })).toBeTruthy();
    }
    const names = FEATURES.map((f) => f.name.toLowerCase()).join(' ');
    for (const required of [
      'projections',
      'comparison',
      'league linking',
      'simulations',
      'start/sit',
      'boom/bust',
      'season outlook',
    ]) {
      expect(names).toContain(required);
    }
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(expect.arrayContaining(['/projections', '/register', '/login', '/methodology']));
  });

  it('marks the family stories as fictional', () => {
    renderLanding({ simulationsRun: 0, modelAccuracy: null });
    const stories = screen.getByRole('heading', { name: 'Family league stories' }).parentElement!;
    expect(stories.textContent).toContain('not testimonials from real users');
    for (const who of stories.querySelectorAll('.story__who'))
      expect(who.textContent).toContain('(fictional)');
  });

  it('opens a screenshot in a dialog and steps through them', async () => {
    renderLanding({ simulationsRun: 0, modelAccuracy: null });
    const first = SCREENSHOTS[0]!;
    await userEvent.click(screen.getByRole('button', { name: `${first.title} (open a larger screenshot)` }));
    const dialog = screen.getByRole('dialog', { name: first.title });
    expect(within(dialog).getByRole('img').getAttribute('alt')).toBe(first.alt);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('dialog', { name: SCREENSHOTS[1]!.title })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
