from .storage import Store, load_all as load

MAX_ITEMS = 100


class Cache(Store):
    def get(self, key: str) -> Item:
        return self.lookup(key)

    @staticmethod
    def create(
        size: int,
    ) -> "Cache":
        return Cache()


def warm(cache):
    for item in load():
        cache.get(item)
