"""twistd's entry point for ``twistd mrjack`` (see :mod:`net.twistd`).

twistd discovers plugins only in ``twisted/plugins`` folders directly under
a ``sys.path`` entry, which is why this one file lives outside the ``net``
package.  There is no ``__init__.py`` here or in ``twisted/``: the real
Twisted package stays the one imported.
"""

from net.twistd import service_maker

__all__ = ["service_maker"]
