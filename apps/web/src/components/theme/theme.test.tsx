import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import ListItemButton from '@mui/material/ListItemButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { ThemeProvider } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { theme } from './theme';

function styleOf(element: Element) {
  return getComputedStyle(element);
}

describe('theme', () => {
  it('breaks at 600, 960, 1280 and 1920 px', () => {
    expect(theme.breakpoints.up('sm')).toBe('@media (min-width:600px)');
    expect(theme.breakpoints.up('md')).toBe('@media (min-width:960px)');
    expect(theme.breakpoints.up('lg')).toBe('@media (min-width:1280px)');
    expect(theme.breakpoints.up('xl')).toBe('@media (min-width:1920px)');
  });

  it('shows tooltips at once, at most 250 px wide', async () => {
    render(
      <ThemeProvider theme={theme}>
        <Tooltip title="Registrarse">
          <Button>+</Button>
        </Tooltip>
      </ThemeProvider>,
    );
    await userEvent.hover(screen.getByRole('button'));
    const tooltip = await screen.findByRole('tooltip');
    expect(styleOf(tooltip.firstElementChild!).maxWidth).toBe('250px');
  });

  it('hides a touched tooltip after 1500 ms, shown by a 500 ms long press', () => {
    vi.useFakeTimers();
    try {
      render(
        <ThemeProvider theme={theme}>
          <Tooltip title="Registrarse">
            <Button>+</Button>
          </Tooltip>
        </ThemeProvider>,
      );
      const button = screen.getByRole('button');
      fireEvent.touchStart(button);
      act(() => {
        vi.advanceTimersByTime(499);
      });
      expect(screen.queryByRole('tooltip')).toBeNull();
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(screen.getByRole('tooltip')).toBeInTheDocument();
      fireEvent.touchEnd(button);
      const bubble = () => screen.getByRole('tooltip').firstElementChild as HTMLElement;
      act(() => {
        vi.advanceTimersByTime(1499);
      });
      expect(bubble().style.opacity).toBe('1');
      // At 1500 ms the tooltip starts fading out.
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(bubble().style.opacity).toBe('0');
    } finally {
      vi.useRealTimers();
    }
  });

  it('opens dialogs up to 80vw wide in 150 ms and closes them in 75 ms', () => {
    const { rerender } = render(
      <ThemeProvider theme={theme}>
        <Dialog open aria-label="Prueba">
          contenido
        </Dialog>
      </ThemeProvider>,
    );
    const dialog = screen.getByRole('dialog');
    expect(styleOf(dialog).maxWidth).toBe('80vw');
    const container = dialog.parentElement!;
    expect(container.style.transition).toContain('150ms');
    rerender(
      <ThemeProvider theme={theme}>
        <Dialog open={false} aria-label="Prueba">
          contenido
        </Dialog>
      </ThemeProvider>,
    );
    expect(container.style.transition).toContain('75ms');
  });

  it('bounds dropdown panels to 256 px high and 280 px wide', () => {
    render(
      <ThemeProvider theme={theme}>
        <Menu open anchorEl={document.body}>
          <MenuItem>Factura</MenuItem>
        </Menu>
      </ThemeProvider>,
    );
    const paper = screen.getByRole('menu').parentElement!;
    expect(styleOf(paper).maxHeight).toBe('256px');
    expect(styleOf(paper).maxWidth).toBe('280px');
  });

  it('ripples in 450 ms and out in 400 ms', async () => {
    render(
      <ThemeProvider theme={theme}>
        <Button>Consultar</Button>
      </ThemeProvider>,
    );
    const button = screen.getByRole('button');
    fireEvent.mouseDown(button);
    const ripple = await vi.waitFor(() => {
      const found = button.querySelector('.MuiTouchRipple-rippleVisible');
      if (!found) throw new Error('no ripple yet');
      return found;
    });
    expect(styleOf(ripple).animationDuration).toBe('450ms');
    fireEvent.mouseUp(button);
    const leaving = await vi.waitFor(() => {
      const found = button.querySelector('.MuiTouchRipple-childLeaving');
      if (!found) throw new Error('not leaving yet');
      return found;
    });
    expect(styleOf(leaving).animationDuration).toBe('400ms');
  });

  it('rings every control that has keyboard focus, drawn inside menus and lists', async () => {
    const user = userEvent.setup();
    render(
      <ThemeProvider theme={theme}>
        <Button>Este mes</Button>
        <IconButton aria-label="Ver Factura F001-3">+</IconButton>
        <ListItemButton component="a" href="/client/por-pagar">
          Por pagar
        </ListItemButton>
      </ThemeProvider>,
    );
    for (const [control, offset] of [
      [screen.getByRole('button', { name: 'Este mes' }), '2px'],
      [screen.getByRole('button', { name: 'Ver Factura F001-3' }), '2px'],
      [screen.getByRole('link', { name: 'Por pagar' }), '-2px'],
    ] as const) {
      await user.tab();
      expect(control).toHaveFocus();
      await vi.waitFor(() => expect(control).toHaveClass('Mui-focusVisible'));
      expect(styleOf(control).outline).toBe('2px solid #5b34a3');
      expect(styleOf(control).outlineOffset).toBe(offset);
    }
  });
});
