"""Odds and studies: whole deals simulated in compiled code, on all cores or a Dask cluster.

:mod:`wildstud.odds.simulate` plays complete deals of any game under any house rules;
:mod:`wildstud.odds.study` sums them up; :mod:`wildstud.odds.equity` answers for a hand part
dealt; :mod:`wildstud.odds.hindsight` gives a finished hand's odds at every street.
"""
