import { screen } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

function page(configBlock: string | null) {
  document.head.querySelector('#sufel-config')?.remove();
  if (configBlock !== null) {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'sufel-config';
    script.textContent = configBlock;
    document.head.append(script);
  }
  document.body.innerHTML = '<div id="root"></div>';
}

describe('start-up', () => {
  afterEach(() => {
    document.head.querySelector('#sufel-config')?.remove();
    document.body.innerHTML = '';
    vi.resetModules();
  });

  it('starts the portal with the injected configuration and language', async () => {
    localStorage.setItem('sufel.language', 'en');
    page(JSON.stringify({ product: 'Comprobantes' }));
    await act(async () => {
      await import('./main');
    });
    expect(await screen.findByRole('heading', { name: 'Electronic documents' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Comprobantes' })).toBeVisible();
    expect(document.documentElement.lang).toBe('en');
    expect(document.title).toBe('Electronic documents — Comprobantes');
  });

  it('writes a failed start to the console', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    page('{"production": "sí"}');
    await import('./main');
    expect(log).toHaveBeenCalledWith(
      'SUFEL could not start:',
      expect.objectContaining({ message: expect.stringContaining('production') as unknown }),
    );
    expect(document.getElementById('root')).toBeEmptyDOMElement();
  });
});
