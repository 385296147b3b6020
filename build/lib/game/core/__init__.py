"""The rules of every game: pure Python, no pygame, no sockets, no clocks, no printing.

Both the client and the host import this package, so it must stay free of side effects; a test
(tests/core/test_purity.py) proves that importing it pulls in nothing impure.
"""
