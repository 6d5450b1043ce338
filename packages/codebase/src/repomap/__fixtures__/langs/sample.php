<?php
namespace App;

interface Getter
{
    public function get(string $key);
}

class Store implements Getter
{
    private $items;

    public function get(string $key)
    {
        return $this->find($key);
    }
}

function make_store()
{
    return new Store();
}
