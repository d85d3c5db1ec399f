import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EventIcon from '@mui/icons-material/Event';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import PercentIcon from '@mui/icons-material/Percent';
import PersonIcon from '@mui/icons-material/Person';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { NavbarItems } from '../../../components/navbar/navbar-items';
import { paths } from '../../../config/paths';
import { useI18n } from '../../../i18n/i18n-provider';
import { useClientIssuers } from '../api/get-client-issuers';
import { useLogoutClient } from '../api/logout-client';
import { clientSession } from '../session/client-session';

const MENU_WIDTH = 240;

function SideMenu({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useI18n();
  const [address] = useLocation();
  // A document open over the list is still "Mis comprobantes".
  const location = address.startsWith(`${paths.client.dashboard.href()}/documents/`)
    ? paths.client.dashboard.href()
    : address;
  const ruc = clientSession.read()?.ruc ?? '';
  // The account's name beside its RUC: a company knows itself by name first.
  const access = useClientIssuers();
  const optionsId = useId();
  const items = [
    {
      href: paths.client.dashboard.href(),
      label: t.clientLayout.dashboard,
      icon: <DashboardIcon />,
    },
    {
      href: paths.client.payables.href(),
      label: t.clientLayout.payables,
      icon: <EventIcon />,
    },
    {
      href: paths.client.detractions.href(),
      label: t.clientLayout.detractions,
      icon: <AccountBalanceIcon />,
    },
    {
      href: paths.client.withholdings.href(),
      label: t.clientLayout.withholdings,
      icon: <PercentIcon />,
    },
    {
      href: paths.client.reconciliation.href(),
      label: t.clientLayout.reconciliation,
      icon: <FactCheckIcon />,
    },
  ];
  const options = [
    { href: paths.client.profile.href(), label: t.clientLayout.profile, icon: <PersonIcon /> },
  ];
  const link = (item: (typeof items)[number]) => (
    <ListItem key={item.href} disablePadding>
      <ListItemButton
        component={Link}
        href={item.href}
        selected={location === item.href}
        aria-current={location === item.href ? 'page' : undefined}
        onClick={onNavigate}
      >
        <ListItemIcon>{item.icon}</ListItemIcon>
        <ListItemText primary={item.label} />
      </ListItemButton>
    </ListItem>
  );
  return (
    <Box sx={{ width: MENU_WIDTH }}>
      <Box sx={{ px: 2, py: 2 }}>
        {access.data !== undefined && (
          <Typography variant="subtitle2" component="p" sx={{ overflowWrap: 'anywhere' }}>
            {access.data.nombre}
          </Typography>
        )}
        <Typography variant="body2" component="p" sx={{ color: 'text.secondary' }}>
          {t.clientLayout.ruc(ruc)}
        </Typography>
      </Box>
      <Divider />
      <List>{items.map(link)}</List>
      <Divider />
      {/* Not a heading: the menu comes before the page, whose h1 must be its first heading. */}
      <ListSubheader component="div" id={optionsId}>
        {t.clientLayout.options}
      </ListSubheader>
      <List aria-labelledby={optionsId} sx={{ pt: 0 }}>
        {options.map(link)}
      </List>
    </Box>
  );
}

/**
 * The company area's frame: its menu toggle and "Salir" in the portal's top bar
 * (one bar, also on phones), a side menu, the page.
 */
export function ClientLayout({
  onLoggedOut,
  children,
}: {
  onLoggedOut: () => void;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const wide = useMediaQuery(useTheme().breakpoints.up('md'));
  const [menuOpen, setMenuOpen] = useState(wide);
  const menuId = useId();
  const logout = useLogoutClient({ onSettled: onLoggedOut });
  const showMenu = wide ? menuOpen : false;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 'calc(100vh - 64px)' }}>
      <NavbarItems
        start={
          <IconButton
            color="inherit"
            edge="start"
            aria-label={menuOpen ? t.clientLayout.closeMenu : t.clientLayout.openMenu}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <MenuIcon />
          </IconButton>
        }
        end={
          <Button
            color="inherit"
            startIcon={<LogoutIcon />}
            disabled={logout.isPending}
            onClick={() => logout.mutate()}
            sx={{ minHeight: 48, whiteSpace: 'nowrap' }}
          >
            {t.clientLayout.logout}
          </Button>
        }
      />
      <Box sx={{ display: 'flex', flex: 1, minWidth: 0 }}>
        {wide ? (
          showMenu && (
            <Box
              component="nav"
              id={menuId}
              aria-label={t.clientLayout.menu}
              sx={{
                flexShrink: 0,
                bgcolor: 'background.paper',
                borderRight: 1,
                borderColor: 'divider',
              }}
            >
              <SideMenu onNavigate={() => undefined} />
            </Box>
          )
        ) : (
          <Drawer
            open={menuOpen}
            onClose={() => setMenuOpen(false)}
            slotProps={{ paper: { 'aria-label': t.clientLayout.menu } }}
          >
            <Box component="nav" id={menuId} aria-label={t.clientLayout.menu}>
              <SideMenu onNavigate={() => setMenuOpen(false)} />
            </Box>
          </Drawer>
        )}
        <Box component="main" sx={{ flex: 1, minWidth: 0, p: { xs: 1.5, sm: 2, md: 3 } }}>
          {children}
        </Box>
      </Box>
    </Box>
  );
}
