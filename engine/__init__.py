"""Pure rules engines for every game of the client (numpy only; never pygame or GL)."""
