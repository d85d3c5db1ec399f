import { describe, expect, it } from 'vitest';
import { loginHrefFor, nextLocationOf } from './next-location';

describe('coming back after the login', () => {
  it('asks the login to come back to the screen the link pointed at', () => {
    expect(loginHrefFor('/client/perfil')).toBe('/client/login?next=%2Fclient%2Fperfil');
    expect(loginHrefFor('/client')).toBe('/client/login');
  });

  it("fills in the RUC a notice's link names, and still comes back to its document", () => {
    expect(loginHrefFor('/client?documento=7&ruc=20415932376')).toBe(
      '/client/login?ruc=20415932376&next=%2Fclient%3Fdocumento%3D7%26ruc%3D20415932376',
    );
    expect(loginHrefFor('/client?ruc=2041')).toBe('/client/login?next=%2Fclient%3Fruc%3D2041');
  });

  it('follows only screens of the company area, with their query', () => {
    expect(nextLocationOf('?next=%2Fclient%2Fperfil')).toBe('/client/perfil');
    expect(nextLocationOf('?next=%2Fclient%3Fdesde%3D2024-11-01')).toBe('/client?desde=2024-11-01');
    expect(nextLocationOf('')).toBe('/client');
    expect(nextLocationOf('?next=https%3A%2F%2Fevil.example')).toBe('/client');
    expect(nextLocationOf('?next=%2F%2Fevil.example%2Fclient')).toBe('/client');
    expect(nextLocationOf('?next=%2Fclientes')).toBe('/client');
    expect(nextLocationOf('?next=%2Fclient%2Flogin')).toBe('/client');
  });
});
