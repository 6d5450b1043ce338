package example

import example.item.Item

interface Getter {
    fun get(key: String): Item?
}

class Store(private val items: List<Item>) : Getter {
    val size: Int = 0

    override fun get(key: String): Item? = items.firstOrNull()
}

fun makeStore(): Store = Store(listOf())
