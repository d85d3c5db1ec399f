import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { useSnackbar, type SnackbarRequest, type SnackbarService } from './snackbar-context';
import { autoHideDuration } from './snackbar-duration';
import { SnackbarProvider } from './snackbar-provider';

function Probe({ onService }: { onService: (service: SnackbarService) => void }) {
  const service = useSnackbar();
  useEffect(() => {
    onService(service);
  }, [service, onService]);
  return <button type="button">fuera</button>;
}

function renderService() {
  let service: SnackbarService | undefined;
  render(
    <SnackbarProvider>
      <Probe
        onService={(given) => {
          service = given;
        }}
      />
    </SnackbarProvider>,
  );
  return (request: SnackbarRequest) => {
    let dismiss = () => {};
    act(() => {
      dismiss = service!.show(request);
    });
    return dismiss;
  };
}

describe('snackbar service', () => {
  it('shows a message with an action that dismisses it', async () => {
    const show = renderService();
    const onAction = vi.fn();
    show({ message: 'No se encontraron resultados.', action: 'ACEPTAR', onAction });
    expect(screen.getByRole('alert')).toHaveTextContent('No se encontraron resultados.');
    await userEvent.click(screen.getByRole('button', { name: 'ACEPTAR' }));
    expect(onAction).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sits at the bottom centre by default, elsewhere when asked', () => {
    const show = renderService();
    show({ message: 'Hola' });
    expect(screen.getByRole('alert').parentElement).toHaveClass('snackbar-host--bottom-center');
    show({ message: 'Hola', anchorOrigin: { vertical: 'top', horizontal: 'right' } });
    expect(screen.getByRole('alert').parentElement).toHaveClass('snackbar-host--top-right');
  });

  it('hides information after a few seconds, even untouched', () => {
    vi.useFakeTimers();
    try {
      renderService()({ message: 'Exportación lista' });
      act(() => {
        vi.advanceTimersByTime(4999);
      });
      expect(screen.getByRole('alert')).toBeInTheDocument();
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps an error until dismissed, even after a click elsewhere', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderService()({ message: 'Hola', severity: 'error' });
      act(() => {
        vi.advanceTimersByTime(24 * 3600 * 1000);
      });
      await userEvent.click(screen.getByRole('button', { name: 'fuera' }));
      expect(screen.getByRole('alert')).toHaveTextContent('Hola');
    } finally {
      vi.useRealTimers();
    }
  });

  it('never lets information follow the user to another screen; errors stay', () => {
    const location = memoryLocation({ path: '/client' });
    let service: SnackbarService | undefined;
    render(
      <Router hook={location.hook}>
        <SnackbarProvider>
          <Probe
            onService={(given) => {
              service = given;
            }}
          />
        </SnackbarProvider>
      </Router>,
    );
    act(() => {
      service!.show({ message: 'Contraseña actualizada' });
    });
    act(() => location.navigate('/client/perfil'));
    expect(screen.queryByRole('alert')).toBeNull();

    // Shown on the way to a screen, it belongs to that screen.
    act(() => {
      service!.show({ message: 'Cuenta creada' });
      location.navigate('/client/login');
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Cuenta creada');

    // Shown before a dialog with its own address closes, it belongs to the screen behind.
    act(() => {
      service!.show({ message: 'Se quitó Factura F001-4 de su archivo.', forNextScreen: true });
    });
    act(() => location.navigate('/client/perfil'));
    expect(screen.getByRole('alert')).toHaveTextContent('Se quitó Factura F001-4');
    act(() => location.navigate('/client'));
    expect(screen.queryByRole('alert')).toBeNull();

    act(() => {
      service!.show({ message: 'No se pudo descargar', severity: 'error' });
    });
    act(() => location.navigate('/client'));
    expect(screen.getByRole('alert')).toHaveTextContent('No se pudo descargar');
  });

  it('closes on Escape', async () => {
    renderService()({ message: 'Hola' });
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('hides itself after the duration it is given', () => {
    vi.useFakeTimers();
    try {
      renderService()({ message: 'Hola', duration: 3000 });
      act(() => {
        vi.advanceTimersByTime(2999);
      });
      expect(screen.getByRole('alert')).toBeInTheDocument();
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('caps a longer wait at 2147483647 ms instead of firing at once', () => {
    vi.useFakeTimers();
    try {
      renderService()({ message: 'Hola', duration: 2 ** 40 });
      act(() => {
        vi.advanceTimersByTime(2147483646);
      });
      expect(screen.getByRole('alert')).toBeInTheDocument();
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets the caller dismiss its own message but not a newer one', () => {
    const show = renderService();
    const dismissFirst = show({ message: 'Primero' });
    show({ message: 'Segundo' });
    act(() => dismissFirst());
    expect(screen.getByRole('alert')).toHaveTextContent('Segundo');
  });

  it('shows progress for work under way, politely', () => {
    renderService()({ message: 'Descargando XML', progress: true });
    expect(screen.getByRole('status')).toHaveTextContent('Descargando XML');
    expect(screen.getByRole('status').querySelector('svg')).not.toBeNull();
  });
});

describe('autoHideDuration', () => {
  it('treats 0 and nothing as "until dismissed"', () => {
    expect(autoHideDuration()).toBeNull();
    expect(autoHideDuration(0)).toBeNull();
  });

  it('caps waits at 2147483647 ms', () => {
    expect(autoHideDuration(5000)).toBe(5000);
    expect(autoHideDuration(2 ** 40)).toBe(2147483647);
  });
});
