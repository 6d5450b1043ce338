namespace Example
{
    public class Store : IGetter
    {
        public int Count { get; set; }

        public Item Get(string key)
        {
            return Find(key);
        }
    }

    public interface IGetter
    {
        Item Get(string key);
    }

    public enum Mode { Fast, Safe }
}
